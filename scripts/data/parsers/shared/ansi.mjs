// ANSI colour and cursor codes ("\x1b[32m", "\x1b[0m", "\x1b[2K") removed, so adapters match the text a terminal showed.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
export const stripAnsi = (text) => String(text).replace(ANSI, '');
