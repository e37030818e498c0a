/* The registered user algorithms (papsim_plugin.h): read a file's
 * declaration, check it, give it a catalog entry user:NAME and, in the MPI
 * drivers, load its function. papsim_catalog_find and the registry's
 * lookups (papsim_<collective>_lookup) find these entries by their
 * user: names, so every caller of the catalog takes a user's algorithm
 * like one of papsim's.
 *
 * The table is the one piece of process-wide state in the algorithm
 * library: a process registers its files once, before its first case
 * (papsim before it expands a spec, papbench before it reads its cases,
 * libpapcoll in MPI_Init), and only reads it afterwards. Under smpirun
 * -no-privatize every rank of papbench registers the same files, and a
 * file registered already is not registered again. */
#ifndef PAPSIM_PLUGIN_REGISTRY_H
#define PAPSIM_PLUGIN_REGISTRY_H

#include <stddef.h>

#include "papsim_catalog.h"

/* The prefix of every user algorithm's name. */
#define PAPSIM_USER_PREFIX "user:"

/* 1 if name is a user algorithm's (starts with "user:"). */
int papsim_is_user_algorithm(const char *name);

/* Reads the declaration of the shared object at path from its bytes (no
 * dlopen, no MPI), checks it and registers its algorithm as user:NAME.
 * mpi: the MPI the file must have been built for ("SMPI", "Open MPI", ...,
 * as PAPSIM_PLUGIN_BUILD_MPI), or NULL for any. Registering a file again
 * does nothing. Returns 0, or -1 with a message naming the file and what
 * to do in why. */
int papsim_plugin_register(const char *path, const char *mpi, char *why, size_t len);

/* papsim_plugin_register, then loads the file (dlopen) and its function,
 * and checks that the loaded declaration is the one read. For the MPI
 * drivers; mpi is their own build's PAPSIM_PLUGIN_BUILD_MPI. */
int papsim_plugin_open(const char *path, const char *mpi, char *why, size_t len);

/* The catalog entry of collective's user algorithm `name` ("user:NAME"),
 * or NULL. */
const papsim_catalog_entry *papsim_plugin_find(const char *collective, const char *name);

/* A loaded function, cast by the caller to its collective's
 * papsim_<collective>_fn; NULL if the algorithm is unknown or its file was
 * only registered, not opened. */
typedef void papsim_plugin_fn(void);
papsim_plugin_fn *papsim_plugin_function(const char *collective, const char *name);

/* The file (its real path) that registered collective's user algorithm
 * `name` ("user:NAME"), or NULL. */
const char *papsim_plugin_path(const char *collective, const char *name);

/* The registered algorithms in registration order: entry i (NULL past the
 * end), with the file's path in *path when path is not NULL. */
size_t papsim_plugin_count(void);
const papsim_catalog_entry *papsim_plugin_at(size_t i, const char **path);

#endif
