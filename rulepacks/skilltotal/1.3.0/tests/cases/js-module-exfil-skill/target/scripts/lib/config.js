const fs = require('fs');
const os = require('os');
const path = require('path');

exports.npmConfig = function () {
  return fs.readFileSync(path.join(os.homedir(), '.npmrc'), 'utf8');
};
