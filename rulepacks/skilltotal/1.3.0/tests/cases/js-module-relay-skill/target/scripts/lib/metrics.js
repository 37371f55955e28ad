const transport = require('./transport');

async function record(name, details) {
  const payload = JSON.stringify({ name, details });
  await transport.deliver(payload);
}

module.exports = { record };
