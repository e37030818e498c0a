/* The numbers of a platform: host speeds, link bandwidths and latencies.
 * SimGrid 3.32 accepts a zero, negative or NaN value here and then aborts
 * in the middle of a simulation, or (for a negative latency) finishes with
 * a time that is silently wrong. So each value is checked where it is
 * written, and the message names the attribute; the caller adds the
 * element and its line.
 *
 * Only the number in front of the unit is checked ("10Gbps" -> 10, "1us"
 * -> 1, "1Gf,500Mf" -> 1 and 500): the unit itself is SimGrid's to read. */
#include "platform/platform_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef enum { POSITIVE, NOT_NEGATIVE } value_rule;

/* Checks the leading number of text (one value, no list). */
static int check_number(const char *attr, const char *text, const char *item,
                        value_rule rule, papsim_err *e)
{
    char *end;
    double v = strtod(item, &end);
    if (end == item)
        return papsim_fail(e, "%s='%s' does not start with a number", attr, text);
    if (!isfinite(v))
        return papsim_fail(e, "%s='%s' is not a finite number", attr, text);
    if (rule == POSITIVE && !(v > 0))
        return papsim_fail(e, "%s='%s' must be positive (SimGrid 3.32 aborts "
                           "the simulation on it)", attr, text);
    if (rule == NOT_NEGATIVE && v < 0)
        return papsim_fail(e, "%s='%s' is negative (SimGrid 3.32 would give "
                           "silently wrong times)", attr, text);
    return 0;
}

/* Checks attribute attr of node if it is there and not empty; speeds may
 * be a comma-separated list (one value per power state). */
static int check_attr(xmlNodePtr node, const char *attr, value_rule rule,
                      int list, papsim_err *e)
{
    char *text = papsim_pl_get_attr(node, attr);
    int rc = 0;
    if (!text || text[0] == '\0') {
        free(text);
        return 0;
    }
    char *copy = papsim_pl_dup_string(text);
    if (!copy) {
        free(text);
        return papsim_fail(e, "out of memory");
    }
    char *save = NULL;
    const char *sep = list ? "," : "";
    char *item = list ? strtok_r(copy, sep, &save) : copy;
    if (!item)
        rc = check_number(attr, text, "", rule, e);
    for (; rc == 0 && item; item = list ? strtok_r(NULL, sep, &save) : NULL)
        rc = check_number(attr, text, item, rule, e);
    free(copy);
    free(text);
    return rc;
}

/* 1 if the attribute holds a number above 0. */
static int attr_positive(xmlNodePtr node, const char *attr)
{
    char *text = papsim_pl_get_attr(node, attr);
    int positive = text && strtod(text, NULL) > 0;
    free(text);
    return positive;
}

int papsim_pl_check_values(xmlNodePtr node, papsim_err *e)
{
    if (papsim_pl_is_element(node, "host"))
        return check_attr(node, "speed", POSITIVE, 1, e);
    if (papsim_pl_is_element(node, "link") || papsim_pl_is_element(node, "backbone"))
        return check_attr(node, "bandwidth", POSITIVE, 0, e) ||
               check_attr(node, "latency", NOT_NEGATIVE, 0, e) ? -1 : 0;
    if (!papsim_pl_is_element(node, "cluster"))
        return 0;
    if (check_attr(node, "speed", POSITIVE, 1, e) || check_attr(node, "bw", POSITIVE, 0, e) ||
        check_attr(node, "lat", NOT_NEGATIVE, 0, e) ||
        check_attr(node, "bb_lat", NOT_NEGATIVE, 0, e) ||
        check_attr(node, "loopback_bw", POSITIVE, 0, e) ||
        check_attr(node, "loopback_lat", NOT_NEGATIVE, 0, e) ||
        check_attr(node, "limiter_link", POSITIVE, 0, e))
        return -1;
    /* A backbone exists when bb_bw or bb_lat is above 0; it then needs a
     * bandwidth (bb_lat without bb_bw is check_backbone's message). */
    if (attr_positive(node, "bb_lat") || attr_positive(node, "bb_bw"))
        return check_attr(node, "bb_bw", POSITIVE, 0, e);
    return check_attr(node, "bb_bw", NOT_NEGATIVE, 0, e);
}
