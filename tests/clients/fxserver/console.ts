/**
 * How FXServer's console turns a command line into the `args` a command handler gets. Tokens are
 * split on whitespace; a quoted run is one token and loses its quotes (`\"` escapes a quote in it);
 * `#`, `//` or `/*` at the start of a token ends the line (the rest is a comment). The handler's
 * third argument, the raw command, is the line as typed.
 * Sources: citizenfx/fivem, code/client/citicore/console/Console.cpp (`Tokenize`) and
 * Console.Commands.cpp (`Invoke` keeps `m_rawCommand`); code/components/citizen-scripting-core/src/
 * ResourceScriptFunctions.cpp (`REGISTER_COMMAND` calls the handler with
 * `(atoi(source), args, GetRawCommand())`).
 */
export function tokenize(line: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  for (;;) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) return tokens;
    if (line[i] === '#' || line.startsWith('//', i) || line.startsWith('/*', i)) return tokens;
    let token = '';
    if (line[i] === '"') {
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && line[i + 1] === '"') i++;
        token += line[i++];
      }
      i++;
    } else {
      while (i < line.length && !/\s/.test(line[i]!)) {
        if (line[i] === '"') break;
        token += line[i++];
      }
    }
    tokens.push(token);
  }
}
