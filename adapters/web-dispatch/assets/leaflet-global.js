// Leaflet's plugins extend a global `L`; the board's Leaflet is an ES module, whose namespace is
// frozen. This gives them a plain object holding the same classes, before any plugin loads.
import * as Leaflet from './leaflet-src.esm.js';

globalThis.L = { ...Leaflet };
