#include "compare.h"

#include <stdio.h>
#include <string.h>

#include "report.h"
#include "sparbit_props.h"
#include "trace.h"

/* The trace of this rank as a schedule; offsets from recvbuf, or from the
 * first buffer outside it (a scratch buffer). Returns the unexpected calls. */
static int trace_to_sched(const char *recvbuf, long long span, sched *got, const char *label)
{
    int n, unexpected = 0;
    const trace_event *ev = trace_events(&n);
    const char *scratch = NULL;
    memset(got, 0, sizeof *got);
    for (int i = 0; i < n; i++) {
        if (ev[i].kind == 'X') {
            check(0, label, "calls %s, which no schedule uses", ev[i].call);
            unexpected++;
            continue;
        }
        char buf = 'r';
        long long off = ev[i].addr - recvbuf;
        if (ev[i].addr < recvbuf || ev[i].addr > recvbuf + span) {
            if (!scratch)
                scratch = ev[i].addr;
            buf = 't';
            off = ev[i].addr - scratch;
        }
        sched_add(got, ev[i].kind, ev[i].step, ev[i].peer, ev[i].tag, ev[i].bytes, buf, off);
    }
    got->steps = trace_steps();
    return unexpected;
}

/* "b3", "b2..b3" or "t+24": what a message carries. */
static const char *what(const sched_msg *m, const sched_layout *L, char *text, size_t len)
{
    if (m->buf == 'r' && !L->counts && L->count > 0 && m->off % (L->count * L->extent) == 0 &&
        m->bytes % (L->count * L->size) == 0 && m->bytes > 0) {
        const long long first = m->off / (L->count * L->extent);
        const long long n = m->bytes / (L->count * L->size);
        if (n == 1)
            snprintf(text, len, "b%lld", first);
        else
            snprintf(text, len, "b%lld..b%lld", first, first + n - 1);
        return text;
    }
    if (m->buf == 'r' && L->counts)
        for (int b = 0; b < L->p; b++)
            if (layout_block_off(L, b) == m->off && layout_block_bytes(L, b) == m->bytes) {
                snprintf(text, len, "b%d", b);
                return text;
            }
    snprintf(text, len, "%c+%lld", m->buf, m->off);
    return text;
}

static const char *describe(const sched_msg *m, const sched_layout *L, char *text, size_t len)
{
    char w[64];
    snprintf(text, len, "step %d %s r%d %lld B %s tag %d", m->step,
             m->kind == 'S' ? "->" : "<-", m->peer, m->bytes, what(m, L, w, sizeof w), m->tag);
    return text;
}

static int same_msg(const sched_msg *a, const sched_msg *b)
{
    return a->step == b->step && a->peer == b->peer && a->tag == b->tag &&
           a->bytes == b->bytes && a->buf == b->buf && a->off == b->off;
}

/* Compares the sends, then the receives, in order; returns the mismatches. */
static int compare(const sched *got, const sched *want, const sched_layout *L, const char *label)
{
    int bad = 0;
    if (got->steps != want->steps) {
        check(0, label, "%d steps, want %d", got->steps, want->steps);
        bad++;
    }
    for (int pass = 0; pass < 2; pass++) {
        const char kind = pass ? 'R' : 'S';
        int i = 0, j = 0, reported = 0, count_got = 0, count_want = 0;
        char a[160], b[160];
        while (1) {
            while (i < got->n && got->v[i].kind != kind)
                i++;
            while (j < want->n && want->v[j].kind != kind)
                j++;
            if (i >= got->n && j >= want->n)
                break;
            if (i < got->n)
                count_got++;
            if (j < want->n)
                count_want++;
            const int mismatch = i >= got->n || j >= want->n || !same_msg(&got->v[i], &want->v[j]);
            if (mismatch) {
                bad++;
                if (reported++ < MAX_REPORT)
                    check(0, label, "%s #%d: got %s, want %s", kind == 'S' ? "send" : "receive",
                          (i < got->n ? count_got : count_want) - 1,
                          i < got->n ? describe(&got->v[i], L, a, sizeof a) : "nothing",
                          j < want->n ? describe(&want->v[j], L, b, sizeof b) : "nothing");
            }
            i += i < got->n;
            j += j < want->n;
        }
    }
    return bad;
}

/* Compares this rank's trace with the expected schedule and the extra
 * properties of the algorithm. */
void check_schedule(const char *coll, const char *algo, const sched_layout *L,
                           const char *recvbuf, long long span, const char *label, int bcast)
{
    sched got, want;
    if (trace_to_sched(recvbuf, span, &got, label) == 0)
        check_pass();
    if (expected_schedule(coll, algo, L, &want) != 0) { /* noted once in main */
        sched_free(&got);
        return;
    }
    check(compare(&got, &want, L, label) == 0, label, "the trace differs from the schedule");
    sched_free(&want);
    if (!strcmp(algo, "sparbit") && !L->counts && L->count > 0)
        sparbit_properties(&got, L, label);
    if (!strcmp(algo, "sparbit") && bcast) {
        memset(&want, 0, sizeof want);
        expected_binomial_bcast(L, &want);
        check(compare(&got, &want, L, label) == 0, label,
              "the messages differ from a binomial broadcast from rank 0");
        sched_free(&want);
    }
    sched_free(&got);
}

/* Checks recvbuf against the reference image; returns 0 if equal. */
void check_data(const char *recvbuf, const char *ref, long long span, const char *label)
{
    long long first = -1, wrong = 0;
    for (long long i = 0; i < span; i++)
        if (recvbuf[i] != ref[i]) {
            wrong++;
            if (first < 0)
                first = i;
        }
    check(wrong == 0, label, "%lld wrong bytes in recvbuf, the first at byte %lld", wrong, first);
}
