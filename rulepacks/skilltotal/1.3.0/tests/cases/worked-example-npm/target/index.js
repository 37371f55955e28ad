'use strict';

function paint(text, code) {
  return '\u001b[' + code + 'm' + text + '\u001b[0m';
}

module.exports = { red: (t) => paint(t, 31), green: (t) => paint(t, 32) };
