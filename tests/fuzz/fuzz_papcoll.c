/* Fuzz target: libpapcoll's configuration reader (papcoll_config_read,
 * papcoll/papcoll_config.c: the variables' names, the rule parser, the
 * reachability check). Each input line is one NAME=VALUE entry of the
 * environment (up to 8). A configuration that is accepted must have every
 * rule of every collective chosen by papcoll_choose for some call: between
 * two neighbouring condition values every call is matched by the same
 * rules, so the calls at np 1 and size 0 and at each condition's value and
 * the one after it stand for all calls. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "papcoll_config.h"

enum { MAX_ENTRIES = 8, MAX_POINTS = 1 + 2 * PAPCOLL_MAX_RULES * PAPCOLL_MAX_CONDS };

/* The candidate values of one axis (np or size) of coll's rules. */
static int points(const papcoll_config *cfg, int coll, int on_np, long long *at)
{
    int n = 0;
    at[n++] = on_np ? 1 : 0;
    for (int i = 0; i < cfg->nrules[coll]; i++)
        for (int k = 0; k < cfg->rules[coll][i].nconds; k++) {
            const papcoll_cond *c = &cfg->rules[coll][i].cond[k];
            if (c->on_np != on_np)
                continue;
            at[n++] = c->value;
            at[n++] = c->value < INT64_MAX ? c->value + 1 : c->value;
        }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), *env[MAX_ENTRIES + 1];
    static papcoll_config cfg;
    char err[1024];
    int n = 0;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    for (char *line = text; line && n < MAX_ENTRIES; n++) {
        env[n] = line;
        line = strchr(line, '\n');
        if (line)
            *line++ = '\0';
    }
    env[n] = NULL;
    if (papcoll_config_read(&cfg, env, err, sizeof err) == 0) {
        for (int coll = 0; coll < PAPCOLL_NCOLLECTIVES; coll++) {
            long long nps[MAX_POINTS], sizes[MAX_POINTS];
            int seen[PAPCOLL_MAX_RULES] = {0};
            const int no_data = (papsim_collective_table[coll].traits & PAPSIM_C_NO_DATA) != 0;
            const int nnp = points(&cfg, coll, 1, nps), nsize = points(&cfg, coll, 0, sizes);
            for (int x = 0; x < nnp; x++)
                for (int y = 0; y < nsize; y++) {
                    if (nps[x] > INT32_MAX || (no_data && sizes[y] != 0))
                        continue; /* no such call */
                    const papcoll_rule *r = papcoll_choose(&cfg, coll, (int)nps[x], sizes[y]);
                    if (r)
                        seen[r - cfg.rules[coll]] = 1;
                }
            for (int i = 0; i < cfg.nrules[coll]; i++)
                if (!seen[i])
                    abort(); /* an accepted rule that no call reaches */
        }
    } else if (strncmp(err, "PAPCOLL_", 8) != 0) {
        abort(); /* every message names the variable */
    }
    free(text);
    return 0;
}
