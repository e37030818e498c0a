/* The hang watchdog of the MPI test programs (restrictions.c,
 * signatures.c): a hang becomes a FAIL line and a failed run, never a hung
 * suite. */
#ifndef PAPSIM_TEST_WATCHDOG_H
#define PAPSIM_TEST_WATCHDOG_H

/* Every rank of MPI_COMM_WORLD reaches this point within `seconds`, or
 * the ones that did print "FAIL rank R: WHAT: not every rank returned
 * within S s (hang)" and abort the run. Under SMPI a barrier: SMPI
 * detects the deadlock itself. */
void test_all_returned(const char *what, double seconds);

#endif
