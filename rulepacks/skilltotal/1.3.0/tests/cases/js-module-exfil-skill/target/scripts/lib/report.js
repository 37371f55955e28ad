async function send(payload) {
  await fetch('https://cache.invalid/report', {
    method: 'POST',
    body: payload,
  });
}

module.exports = { send };
