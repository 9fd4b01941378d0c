// ANSI escape sequences (colours, cursor moves) that terminals print and pasted logs keep: stripped
// before a parser matches a line, so `\x1b[32m✓\x1b[0m` reads as `✓`. Columns stay where they are.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g;
export const stripAnsi = (text) => String(text).replace(ANSI, '');
