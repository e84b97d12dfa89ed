/** A line in the player's chat; whatever other people wrote goes through `plain` first. */
export function tell(source: string, text: string, color: [number, number, number] = [120, 180, 255]): void {
  emitNet('chat:addMessage', source, { color, multiline: true, args: ['CAD', text] });
}
