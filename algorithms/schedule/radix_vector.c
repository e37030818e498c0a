/* Radix vectors of radix-k: parsing, the default and the product check. */
#include "radix_vector.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int papsim_radix_parse(const char *text, int *k, char *why, size_t len)
{
    const char *s = text;
    long long product = 1;
    int n = 0;
    if (!*s) {
        snprintf(why, len, "radix vector '' is empty (write factors such as 4x4x8 or 4,4,8)");
        return -1;
    }
    for (;;) {
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (end == s || errno != 0 || v < 2 || v > 0x7fffffffL || (*s < '0' || *s > '9')) {
            snprintf(why, len, "radix vector '%s': every factor must be a whole number of at "
                               "least 2 (write factors such as 4x4x8 or 4,4,8)", text);
            return -1;
        }
        if (n == PAPSIM_RADIX_MAX) {
            snprintf(why, len, "radix vector '%s' has more than %d factors", text,
                     PAPSIM_RADIX_MAX);
            return -1;
        }
        product *= v;
        if (product > 0x7fffffffLL) {
            snprintf(why, len, "radix vector '%s': the product of the factors is more than "
                               "2^31 - 1", text);
            return -1;
        }
        k[n++] = (int)v;
        if (*end == '\0')
            return n;
        if ((*end != 'x' && *end != ',') || end[1] == '\0') {
            snprintf(why, len, "radix vector '%s': factors are separated by 'x' or ',' "
                               "(write 4x4x8 or 4,4,8)", text);
            return -1;
        }
        s = end + 1;
    }
}

int papsim_radix_default(int p, int *k)
{
    int n = 0, twos = 0;
    while (p > 1 && p % 2 == 0) {
        p /= 2;
        twos++;
    }
    /* Fours first; an odd two makes the last four an eight. */
    for (int i = 0; i + 1 < twos; i += 2)
        k[n++] = 4;
    if (twos % 2) {
        if (n > 0)
            k[n - 1] = 8;
        else
            k[n++] = 2;
    }
    /* The odd part's prime factors, smallest first (trial division is
     * enough: p < 2^31, so at most about 46341 trials). */
    for (int f = 3; p > 1; f += 2) {
        if ((long long)f * f > p) { /* what is left is prime */
            k[n++] = p;
            break;
        }
        while (p % f == 0) {
            k[n++] = f;
            p /= f;
        }
    }
    return n;
}

void papsim_radix_format(const int *k, int n, char *buf, size_t len)
{
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (int i = 0; i < n && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%d", i ? "x" : "", k[i]);
}

int papsim_radix_check_np(const int *k, int n, int p, char *why, size_t len)
{
    long long product = 1;
    for (int i = 0; i < n; i++)
        product *= k[i];
    if (product == p)
        return 0;
    char text[16 * PAPSIM_RADIX_MAX];
    papsim_radix_format(k, n, text, sizeof text);
    snprintf(why, len, "radix vector %s has product %lld, not np=%d (the factors must multiply "
                       "to the number of ranks)", text, product, p);
    return -1;
}
