// IndexedDB for the offline tests, which run in Node: an in-memory implementation.
import 'fake-indexeddb/auto';
