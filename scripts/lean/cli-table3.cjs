// cli-table3, loaded when the first table is made rather than at every start (scripts/build.js
// swaps it in for the package). `new Table(options)` returns the real table, so instances are
// cli-table3's own.
"use strict";

let Real;

function Table(options) {
  Real ??= require("cli-table3");
  return new Real(options);
}

module.exports = Table;
module.exports.default = Table;
