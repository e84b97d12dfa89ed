import { configOf } from './parts.js';

// The service sets uWS's header limit to Node's 16 KiB before loading it, but a worker thread's
// process.env is a copy of its own: uWS reads the process's environment. So the limit the service
// runs with is set here, in the main process, before any worker starts.
process.env['UWS_HTTP_MAX_HEADERS_SIZE'] ??= '16384';

export default configOf('uws');
