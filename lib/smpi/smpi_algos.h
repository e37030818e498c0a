/* The names SMPI accepts in builtin:NAME, and the --cfg= words it takes,
 * read from the installed SimGrid when they are needed: SimGrid keeps its list of algorithms inside
 * libsimgrid, and prints it when smpirun is given an algorithm it does not
 * have. So papsim asks once per collective and per command: one smpirun of
 * a single rank on a one-host platform, with a name no collective has, that
 * stops before any rank starts (about half a second). The SimGrid version
 * comes from `smpirun -version`. */
#ifndef PAPSIM_SMPI_ALGOS_H
#define PAPSIM_SMPI_ALGOS_H

#include <stdint.h>

#include "util/papsim_error.h"

#define PAPSIM_SMPI_ALGOS_MAX 16

typedef struct {
    char collective[32];
    char *names; /* "default, binomial, ...": as SimGrid lists them */
} papsim_smpi_algo_list;

/* What one command has learnt so far; start from {0}, end with _free. */
typedef struct {
    papsim_smpi_algo_list lists[PAPSIM_SMPI_ALGOS_MAX];
    int n;
    char version[32]; /* "3.32", or "" until asked */
    int cfg_accepted;  /* a set of --cfg= words SimGrid took: ... */
    uint64_t cfg_key;  /* ... its FNV-1a, so that it is not run again */
} papsim_smpi_algos;

/* Checks that `name` (without "builtin:") is one of SMPI's algorithms for
 * the collective. Fails with "unknown SMPI reduce algorithm 'x'; SMPI 3.32
 * has: ..." or, when SimGrid cannot be asked, with the reason. */
int papsim_smpi_algo_check(papsim_smpi_algos *cache, const char *collective, const char *name,
                           papsim_err *e);

/* Checks the --cfg= (and --log=) words a user gives papsim run or bench
 * before anything runs, instead of letting them abort every case: the name
 * of every smpi/<collective>:NAME (and smpi/coll-selector:NAME) against
 * SMPI's list; refuses smpi/<collective> for a collective that has builtin:
 * cases (builtin_collectives[0..nbuiltin)), whose algorithm it would
 * silently replace; then runs SimGrid once with all the words and papsim's
 * own options (smpirun of papbench --library-version on one rank, about
 * half a second; none when there are no words): a word SimGrid refuses (a
 * key it does not have, a value it cannot read) is named with SimGrid's
 * own message ("'--cfg=bogus/item:zz': SimGrid 3.32 refuses it: Bad config
 * key: bogus/item"). */
int papsim_smpi_cfg_check(papsim_smpi_algos *cache, const char *const *cfg, int ncfg,
                          const char *const *builtin_collectives, int nbuiltin, papsim_err *e);

void papsim_smpi_algos_free(papsim_smpi_algos *cache);

/* One smpirun of papbench, one rank on a one-host platform in a private
 * temporary directory, with the given words after papbench's path; its
 * stdout and stderr in *out (malloc'ed), its exit status in *status.
 * Fails only when it cannot be started. */
int papsim_smpi_run_one(const char *const *words, int nwords, char **out, int *status,
                        papsim_err *e);

/* Loads every registered file in one papbench under smpirun (one rank),
 * as every batch will (papbench -h): a file that does not load (an undefined symbol, a
 * missing function) is refused before any case runs, with papbench's
 * reason. 0 when there is none or all load. */
int papsim_plugins_load_check(papsim_err *e);

#endif
