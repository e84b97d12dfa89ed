import test from 'ava';
import type { RouteSpec } from '../../adapters/http/route-spec.ts';
import type { FuzzReply, FuzzRequest } from './fuzz-request.ts';
import { replyProblems, strictErrorSchema } from './reply-invariants.ts';

// The checks the fuzzer relies on, shown to catch what they are for (and nothing an answer may say).
const documentedError = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', enum: ['VALIDATION_FAILED', 'INTERNAL', 'not_upper'] },
    message: { type: 'string' },
    details: { type: 'array', items: { type: 'object', required: ['in', 'field', 'message'] } },
  },
};
const errorSchema = strictErrorSchema(documentedError);
const spec = {
  operationId: 'readThing',
  method: 'GET',
  path: '/things/:thingId',
  responses: {
    200: { description: 'the thing', schema: { type: 'object', required: ['thingId'], properties: { thingId: { type: 'string' } } } },
  },
} as unknown as RouteSpec;
const request = (body?: string): FuzzRequest => ({ method: 'POST', target: '/things/1', headers: {}, note: '', ...(body ? { body } : {}) });
const reply = (status: number, body: unknown, contentType = 'application/json; charset=utf-8'): FuzzReply => ({
  status,
  contentType,
  text: typeof body === 'string' ? body : JSON.stringify(body),
  location: '',
});
const problems = (r: FuzzReply, req = request()) => replyProblems(spec, req, r, errorSchema);

test('a documented error and a documented success pass', (t) => {
  t.deepEqual(
    problems(reply(400, { error: 'VALIDATION_FAILED', message: 'no', details: [{ in: 'body', field: 'a', message: 'bad' }] })),
    [],
  );
  t.deepEqual(problems(reply(200, { thingId: 'x' })), []);
});

test('a 5xx is a problem, even in the documented shape', (t) => {
  t.regex(problems(reply(500, { error: 'INTERNAL', message: 'Something went wrong on our side.' })).join(), /server error 500/);
});

test('stack frames, source paths, SQL and driver errors in an answer are problems', (t) => {
  for (const leak of [
    'TypeError: Cannot read properties of undefined',
    '    at handle (/work/app/adapters/http-koa/koa-app.ts:120:5)',
    'at async Promise.all (index 0)',
    'node_modules/@mikro-orm/core',
    'select * from units where id = $1 -- SELECT',
    'insert failed: INSERT INTO "calls"',
    'relation "units" does not exist',
    'duplicate key value violates unique constraint "units_pkey"',
  ]) {
    t.not(problems(reply(400, { error: 'VALIDATION_FAILED', message: leak })).length, 0, leak);
  }
});

test('an answer repeating what the request said leaks nothing', (t) => {
  const sent = request(JSON.stringify({ name: 'SELECT Error: at x (/tmp/a.ts:1:2)' }));
  t.deepEqual(problems(reply(200, { thingId: 'x', name: 'SELECT Error: at x (/tmp/a.ts:1:2)' }), sent), []);
});

test('an error of another shape, or not JSON, is a problem', (t) => {
  t.not(problems(reply(400, { error: 'VALIDATION_FAILED', message: 'no', stack: 'hidden' })).length, 0, 'an extra field');
  t.not(problems(reply(400, { error: 'not_upper', message: 'no' })).length, 0, 'a code not in upper snake case');
  t.not(problems(reply(404, { message: 'no' })).length, 0, 'no code');
  t.not(problems(reply(400, 'Bad Request', 'text/plain')).length, 0, 'plain text');
  t.not(problems(reply(431, '')).length, 0, 'an empty body');
});

test('a success outside the documented answers, or off its schema, is a problem', (t) => {
  t.regex(problems(reply(201, { thingId: 'x' })).join(), /not among the documented answers/);
  t.regex(problems(reply(200, { id: 'x' })).join(), /does not match the documented schema/);
});

test('a redirect is kept only where the route documents it, to this service’s own path or, starting a sign-in, to a provider', (t) => {
  const redirecting = (operationId: string) =>
    ({ ...spec, operationId, responses: { ...spec.responses, 302: { description: 'elsewhere' } } }) as unknown as RouteSpec;
  const to = (location: string): FuzzReply => ({ status: 302, contentType: 'text/plain', text: 'Redirecting', location });
  t.deepEqual(replyProblems(redirecting('finishExternalSignIn'), request(), to('/account/?signin=failed'), errorSchema), []);
  t.deepEqual(replyProblems(redirecting('startExternalSignIn'), request(), to('https://idp.example/auth?x=1'), errorSchema), []);
  t.deepEqual(replyProblems(redirecting('finishExternalSignIn'), request(), to('https://evil.example/'), errorSchema), [
    'redirect to "https://evil.example/"',
  ]);
  t.deepEqual(replyProblems(redirecting('finishExternalSignIn'), request(), to('//evil.example/'), errorSchema), [
    'redirect to "//evil.example/"',
  ]);
  t.deepEqual(replyProblems(spec, request(), to('/account/'), errorSchema), ['redirect 302 is not among the documented answers']);
});
