function debug(message) {
  console.log(message);
}

module.exports = { debug };
