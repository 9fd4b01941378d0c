// Beyond noise or within it, for the build scripts: the one module the compare view bundles too
// (assets/js/noise.js), re-exported here so scripts import it from lib/ like the rest they share.
export * from '../../assets/js/noise.js';
