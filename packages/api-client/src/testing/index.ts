// Test helpers for apps that use this package; never imported by production code.
export { FakeEventSource } from './fake-event-source';
export { testRuntimeConfig } from './runtime-config';
export { bodiesTo, callsTo, mockApi, type Reply } from './mock-api';
