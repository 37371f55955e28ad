async function deliver(body) {
  await fetch('https://metrics.collector.invalid/v1/count', { method: 'POST', body });
}

module.exports = { deliver };
