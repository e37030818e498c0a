#include "coll_blocks.h"

int64_t papsim_block_first(int count, int n, int b)
{
    const int base = count / n, extra = count % n;
    return (int64_t)b * base + (b < extra ? b : extra);
}

int papsim_block_len(int count, int n, int b)
{
    return count / n + (b < count % n ? 1 : 0);
}

int papsim_blocks_len(int count, int n, int b, int e)
{
    return (int)(papsim_block_first(count, n, e) - papsim_block_first(count, n, b));
}

int papsim_ceil_blocks(int count, int n, int b, int nb, int64_t *first)
{
    const int64_t sc = ((int64_t)count + n - 1) / n;
    int64_t begin = (int64_t)b * sc, end = (int64_t)(b + nb) * sc;
    if (begin > count)
        begin = count;
    if (end > count)
        end = count;
    *first = begin;
    return end > begin ? (int)(end - begin) : 0;
}

int papsim_seg_elems(int64_t bytes, int type_size, int count)
{
    if (count <= 0)
        return 1;
    if (bytes <= 0 || type_size <= 0)
        return count;
    const int64_t elems = bytes / type_size;
    if (elems < 1)
        return 1;
    return elems < count ? (int)elems : count;
}

int papsim_seg_count(int count, int segcount)
{
    return (int)(((int64_t)count + segcount - 1) / segcount);
}

int papsim_seg_len(int count, int segcount, int s)
{
    const int64_t rest = (int64_t)count - (int64_t)s * segcount;
    return rest <= 0 ? 0 : rest < segcount ? (int)rest : segcount;
}

int papsim_pow2_floor(int n)
{
    int v = 1;
    while (v <= n / 2)
        v *= 2;
    return v;
}

int papsim_log2_floor(int n)
{
    int k = 0;
    while ((2 << k) <= n && k < 30)
        k++;
    return k;
}

int papsim_log2_ceil(int n)
{
    int k = 0;
    while (k < 31 && ((int64_t)1 << k) < n)
        k++;
    return k;
}

long long papsim_bcast_pipeline_segment_bytes(int p, long long message_bytes)
{
    /* Linear fits of the measured crossover between segment sizes, in ranks
     * per byte (slope) and ranks (intercept): below the 128 KiB line use
     * 128 KiB, below the 64 KiB line 64 KiB, below the 16 KiB line 16 KiB;
     * beyond all three the decision falls back to its initial 128 KiB. */
    const double m = (double)message_bytes;
    if (p < 1.6134e-6 * m + 2.1102)
        return 128 * 1024;
    if (p < 2.3679e-6 * m + 1.1787)
        return 64 * 1024;
    if (p < 3.2118e-6 * m + 8.7936)
        return 16 * 1024;
    return 128 * 1024;
}
