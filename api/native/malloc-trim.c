/*
 * Gives the memory the C allocator holds free back to the system (glibc's malloc_trim).
 *
 * glibc returns freed memory to the system only from the top of each of its heaps. Memory freed
 * below a chunk still in use stays in the process: after a burst of large buffers (sync pages of
 * ~170 KB, answers in flight at 50 connections) the server holds tens of MB it no longer uses.
 * malloc_trim(0) releases every free page of every arena. Built by api/build-server.ts, used by
 * api/lib/malloc-trim.ts; elsewhere than glibc it does nothing and says so.
 */
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* trim(): true when memory was given back, false when there was none (or no glibc). */
static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  int released = 0;
#if defined(__GLIBC__)
  released = malloc_trim(0);
#endif
  napi_value result;
  napi_get_boolean(env, released == 1, &result);
  return result;
}

/* supported: whether trim() can give anything back (a glibc process). */
static napi_value Supported(napi_env env) {
  napi_value result;
#if defined(__GLIBC__)
  napi_get_boolean(env, 1, &result);
#else
  napi_get_boolean(env, 0, &result);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim);
  napi_set_named_property(env, exports, "trim", trim);
  napi_set_named_property(env, exports, "supported", Supported(env));
  return exports;
}
