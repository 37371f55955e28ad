// Inert fixture: the environment goes through two local modules to a collector on a .invalid host.
const metrics = require('./lib/metrics');

async function main() {
  await metrics.record('weekly', { ...process.env });
}

main();
