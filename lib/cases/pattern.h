/* Process arrival patterns (M. Salimi Beni, B. Cosenza, S. Hunold, "MPI
 * collective algorithm selection in the presence of process arrival
 * patterns", IEEE International Conference on Cluster Computing (CLUSTER),
 * 2024, Sec. III-B and Figure 3): every rank i in [0, np) gets a delay in
 * [0, s], where s is the maximum process skew. The benchmark makes rank i
 * enter the collective at T0 + delay[i].
 *
 * Shapes, with c = (np-1)/2.0 the middle rank position:
 *   no_delay       0
 *   ascending      s * (i/(np-1))                 0 when np == 1
 *   descending     s * ((np-1-i)/(np-1))          0 when np == 1
 *   first_delayed  s for rank 0, else 0
 *   last_delayed   s for rank np-1, else 0
 *   random         s * u_i, u_i uniform in [0,1)
 *   half_delayed   s for ranks i >= np/2 (integer division), else 0
 *   alternating    s for odd ranks, else 0
 *   v_shape        s * (|i-c|/c): 0 in the middle, s at both ends; 0 when
 *                  np == 1
 *   peak           s * (1 - |i-c|/c): s in the middle, 0 at both ends. For
 *                  even np no rank sits at c, so the largest delay is
 *                  s*(1 - 1/(np-1)) (np=4: 2s/3; np=2: all 0). 0 when
 *                  np == 1: a lone rank has nobody to be late for.
 *   gaussian       s/2 + (s/6) * z_i, z_i standard normal, clipped to
 *                  [0, s] (so 99.7 % of ranks fall inside before clipping)
 *   file:PATH      one delay per line, see below
 * The ratio is computed first and multiplied by s last, so the delays never
 * exceed s and the extreme ranks get exactly 0 and s.
 *
 * Random numbers: xoshiro256** (Blackman & Vigna, 2018) whose 256-bit state
 * is filled by four outputs of splitmix64(seed). u = (next >> 11) * 2^-53,
 * an exact conversion, so the uniform stream and the `random` delays are
 * bit-identical on every platform. The generator restarts from the seed on
 * every call and draws in rank order, so every rank computes the same
 * vector. `gaussian` uses Box-Muller with two fresh uniforms per rank:
 * z_i = sqrt(-2 ln(1 - u1)) * cos(2 pi u2); its values go through libm's
 * log and cos, so different C libraries may differ in the last few bits.
 *
 * Pattern files (the format of the generator of Salimi Beni et al. 2024,
 * Sec. III-B: line i holds the delay of rank i): blank lines and everything
 * from '#' to the end of a line are ignored; a line holds a duration
 * ("3e-6", "3us"; a bare number is seconds), optionally preceded by its rank
 * ("2<TAB>3e-6", as `papsim pattern` prints), in which case the ranks must
 * run 0, 1, 2, ... The file must hold
 * exactly np delays. With rescale_file set, the file gives only the shape:
 * it is scaled so that its largest delay is s (all 0 when s == 0 or the file
 * is all 0). With rescale_file clear, the delays are used as recorded (for
 * replaying traces) and skew_s is not used (pass 0).
 *
 * The content key of a pattern file (what case ids hash for file:PATH,
 * case.h pattern_key) is 16 lowercase hex digits: 64-bit FNV-1a (fnv1a.h)
 * of the delays as read, before any rescaling, each as the 8 bytes of its
 * IEEE 754 binary64 value, least significant first. It keys what is
 * simulated, not the file's bytes: comments, blank lines, blanks, rank
 * prefixes and spellings of one value ("3us", "3e-6", "0.000003") leave it
 * as it is; a delay that reads as another number, a delay more or less, or
 * delays in another order change it. */
#ifndef PAPSIM_PATTERN_H
#define PAPSIM_PATTERN_H
#include <stddef.h>
#include <stdint.h>

#include "util/papsim_error.h"

/* Largest process count papsim accepts anywhere. */
#define PAPSIM_NP_MAX 1048576
/* Seed used when the user gives none. */
#define PAPSIM_PATTERN_DEFAULT_SEED 1ULL

typedef enum {
    PAPSIM_PATTERN_NO_DELAY,
    PAPSIM_PATTERN_ASCENDING,
    PAPSIM_PATTERN_DESCENDING,
    PAPSIM_PATTERN_FIRST_DELAYED,
    PAPSIM_PATTERN_LAST_DELAYED,
    PAPSIM_PATTERN_RANDOM,
    PAPSIM_PATTERN_HALF_DELAYED,
    PAPSIM_PATTERN_ALTERNATING,
    PAPSIM_PATTERN_V_SHAPE,
    PAPSIM_PATTERN_PEAK,
    PAPSIM_PATTERN_GAUSSIAN,
    PAPSIM_PATTERN_FILE /* not a built-in shape: "file:PATH" */
} papsim_pattern_shape;

#define PAPSIM_PATTERN_PATH_MAX 4096
/* Digits of a pattern file's content key (see above); a key is kept in
 * char[PAPSIM_PATTERN_KEY_LEN + 1]. */
#define PAPSIM_PATTERN_KEY_LEN 16

/* Fill with papsim_pattern_parse. name is the canonical text returned by
 * papsim_pattern_name ("file:" + path for files). */
typedef struct {
    int shape; /* a papsim_pattern_shape */
    char path[PAPSIM_PATTERN_PATH_MAX];        /* PAPSIM_PATTERN_FILE only */
    char name[PAPSIM_PATTERN_PATH_MAX + 8];
} papsim_pattern;

/* "ascending", "file:PATH". An unknown name gives an error that lists the
 * valid ones. */
int papsim_pattern_parse(const char *spec, papsim_pattern *out, papsim_err *e);

/* Canonical text of a parsed pattern; it lives as long as *p. */
const char *papsim_pattern_name(const papsim_pattern *p);

/* The built-in shapes (everything but file:PATH), in enum order, with a
 * one-line description each. NULL when i >= papsim_pattern_count(). */
size_t papsim_pattern_count(void);
const char *papsim_pattern_shape_name(size_t i);
const char *papsim_pattern_shape_description(size_t i);

/* Fills delays[0..np) (seconds) for 1 <= np <= PAPSIM_NP_MAX and a finite
 * skew_s >= 0. seed is used by random and gaussian; rescale_file by file
 * patterns (see above). On failure the contents of delays are unspecified. */
int papsim_pattern_delays(const papsim_pattern *p, int np, double skew_s,
                          unsigned long long seed, int rescale_file,
                          double *delays, papsim_err *e);

/* papsim_pattern_delays, and when key is neither NULL nor "" the content
 * check of a keyed case: a file pattern's delays must have that key (the
 * file is read once, so the delays returned are the ones checked); the
 * error names the file, both keys and what to do. A key with a pattern
 * that is not a file is an error too. */
int papsim_pattern_delays_keyed(const papsim_pattern *p, int np, double skew_s,
                                unsigned long long seed, int rescale_file,
                                const char *key, double *delays, papsim_err *e);

/* For checks before a run: when text is "file:PATH", reads the file as
 * papsim_pattern_delays would for np ranks (readable, well formed, exactly
 * np delays) and writes its content key to key; other patterns pass with
 * key "". */
int papsim_pattern_file_key(const char *text, int np, char key[17],
                            papsim_err *e);

/* The same checks for any number of ranks: a file's every line well
 * formed, whatever its count of delays (a spec's default that no block
 * uses). */
int papsim_pattern_file_check(const char *text, papsim_err *e);

/* The generator behind random and gaussian, exposed for tests and for
 * other seeded choices (e.g. which rank is late). */
typedef struct {
    uint64_t s[4];
} papsim_rng;

void papsim_rng_seed(papsim_rng *r, unsigned long long seed);
uint64_t papsim_rng_next(papsim_rng *r);
double papsim_rng_uniform(papsim_rng *r); /* [0, 1), 53 random bits */

#endif
