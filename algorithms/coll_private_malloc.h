/* Control data stays private to its rank: smpicc force-includes SimGrid's
 * <smpi/smpi_helpers.h>, which (unless SMPI_NO_OVERRIDE_MALLOC is defined)
 * turns malloc and free into SMPI's shared-malloc interceptor. Requests,
 * schedules, orders and trees must never be shared between ranks, whatever
 * smpi/auto-shared-malloc-thresh says, so every algorithm and schedule
 * header includes this one and keeps the C library's allocator; message
 * data goes through papsim_data_malloc (coll_util.h), which asks SMPI on
 * purpose. No include guard: it must act after every smpi_helpers.h. */
#if defined(SMPI_HELPERS_H) && defined(malloc)
#undef malloc
#undef calloc
#undef realloc
#undef free
#endif
