// Inert fixture: only a count leaves; the environment itself stays local.
const metrics = require('./lib/metrics');

metrics.record('settings', { ...process.env });
