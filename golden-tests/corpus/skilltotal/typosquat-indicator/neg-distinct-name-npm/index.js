module.exports = function retry(client, times = 3) {
  client.interceptors.response.use(undefined, async (err) => {
    const cfg = err.config || {};
    cfg.__tries = (cfg.__tries || 0) + 1;
    if (cfg.__tries > times) throw err;
    return client(cfg);
  });
  return client;
};
