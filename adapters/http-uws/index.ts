export { type Uws, type UwsConnectionLimits, type UwsListening, listenUws, loadUws } from './uws-server.ts';
