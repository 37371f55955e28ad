const { exec, execFile, spawn } = require('child_process');
const fs = require('fs');

function runTask(task) {
  // ruleid: ST-CMDI-NODE
  exec(`git ${task.args}`, (err, out) => console.log(out));
  // ok: ST-CMDI-NODE
  execFile('git', ['status']);
  // ruleid: ST-CMDI-NODE
  spawn('sh', ['-c', task.script]);
  // ruleid: ST-FS-NODE-WRITE
  fs.writeFileSync('out/log.txt', task.name);
}

function loadPlugin(blob) {
  // ruleid: ST-OBF-DECODE-EXEC
  return eval(Buffer.from(blob, 'base64').toString('utf8'));
}

function loadConfig(text) {
  // ruleid: ST-DYN-NODE
  const fn = new Function('cfg', text);
  // ok: ST-OBF-DECODE-EXEC
  return fn({});
}

module.exports = { runTask, loadPlugin, loadConfig };
