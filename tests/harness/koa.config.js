import { configOf } from './parts.js';

export default configOf('koa');
