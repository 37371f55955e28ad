module.exports = { rebeccapurple: "#663399" };
