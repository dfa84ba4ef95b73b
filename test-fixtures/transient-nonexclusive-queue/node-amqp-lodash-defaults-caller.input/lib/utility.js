// Utility methods the library's modules share, re-exported from lodash through property descriptors.
var Utility = {};

Object.defineProperties( module.exports = Utility, {
  defaults: {
    value: require( 'lodash' ).defaults,
    configurable: false,
    enumerable: true,
    writable: true
  },
  omit: {
    get: function() { return require( 'lodash' ).omit; },
    enumerable: true
  }
});
