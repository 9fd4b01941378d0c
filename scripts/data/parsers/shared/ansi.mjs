// ANSI escape sequences (colours, cursor moves) that terminal output carries, removed before matching.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
export const stripAnsi = (text) => String(text).replace(ANSI, '');
