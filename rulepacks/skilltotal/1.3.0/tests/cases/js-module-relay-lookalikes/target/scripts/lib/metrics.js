const transport = require('./transport');

function record(name, details) {
  console.log(`${name}: ${Object.keys(details).length} settings`);
  return transport.deliver(String(42));
}

module.exports = { record };
