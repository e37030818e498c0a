# papsim pattern: exact output, files (rescaled and as recorded), the shape
# list, and bad input (exit 2, messages starting "papsim pattern: ").
source "$PAPSIM_SOURCE_DIR/tests/cli/lib.sh"

BAD_INPUT_PREFIX='papsim pattern: '

tab=$'\t'

# Exact output: %.17g of s * i/(np-1).
expect_ok "ascending np=5" "$PAPSIM" pattern --pattern ascending --np 5 --skew 1ms
expect_eq "ascending np=5 output" "$(cat out.txt)" "0${tab}0
1${tab}0.00025000000000000001
2${tab}0.00050000000000000001
3${tab}0.00075000000000000002
4${tab}0.001"

expect_ok "short options" "$PAPSIM" pattern -p last_delayed -n 3 -s 2us
expect_eq "last_delayed np=3" "$(cut -f2 out.txt | tr '\n' ' ')" "0 0 1.9999999999999999e-06 "

expect_ok "peak np=5" "$PAPSIM" pattern --pattern=peak --np=5 --skew=1e-3
expect_eq "peak np=5 output" "$(cut -f2 out.txt | tr '\n' ' ')" \
    "0 0.00050000000000000001 0.001 0.00050000000000000001 0 "

# Seeds: the same seed gives the same vector, another seed another one.
"$PAPSIM" pattern --pattern random --np 8 --skew 1ms --seed 7 >r7a.txt
"$PAPSIM" pattern --pattern random --np 8 --skew 1ms --seed 7 >r7b.txt
"$PAPSIM" pattern --pattern random --np 8 --skew 1ms --seed 8 >r8.txt
expect_eq "same seed" "$(cat r7a.txt)" "$(cat r7b.txt)"
if cmp -s r7a.txt r8.txt; then fail "seeds 7 and 8 gave the same vector"; else pass; fi
expect_eq "8 ranks" "$(wc -l <r7a.txt | tr -d ' ')" "8"
expect_eq "random within [0, 1ms]" \
    "$(awk -F'\t' '$2 < 0 || $2 > 0.001' r7a.txt)" ""

# The output is a pattern file: replayed as recorded it comes back unchanged.
expect_ok "replay" "$PAPSIM" pattern --pattern file:r7a.txt --np 8 --as-recorded
expect_eq "replayed output" "$(cat out.txt)" "$(cat r7a.txt)"

# A shape file is rescaled so that its largest delay is the skew.
printf '# shape\n0\n1us\n\n2us  # rank 2\n4e-6\n' >shape.txt
expect_ok "rescaled file" "$PAPSIM" pattern --pattern file:shape.txt --np 4 --skew 1ms
expect_eq "rescaled output" "$(cut -f2 out.txt | tr '\n' ' ')" \
    "0 0.00025000000000000001 0.00050000000000000001 0.001 "
expect_ok "as recorded" "$PAPSIM" pattern --pattern file:shape.txt --np 4 --as-recorded
expect_eq "as recorded output" "$(cut -f2 out.txt | tr '\n' ' ')" \
    "0 9.9999999999999995e-07 1.9999999999999999e-06 3.9999999999999998e-06 "

# The list names every shape once, with a description.
expect_ok "list" "$PAPSIM" pattern --list
expect_eq "list names" "$(awk '{print $1}' out.txt | tr '\n' ' ')" \
    "no_delay ascending descending first_delayed last_delayed random half_delayed alternating v_shape peak gaussian file:PATH "
expect_eq "every shape described" "$(awk 'NF < 3' out.txt)" ""
expect_ok "help" "$PAPSIM" pattern --help
if grep -q "^usage: papsim pattern" out.txt; then pass; else fail "help lacks usage"; fi

# Bad input.
expect_bad_input "unknown shape" \
    "unknown pattern 'zigzag' \(valid: no_delay, ascending, .*gaussian, file:PATH\)" \
    "$PAPSIM" pattern --pattern zigzag --np 4 --skew 1ms
expect_bad_input "negative skew" "skew '-5ms' is negative" \
    "$PAPSIM" pattern --pattern ascending --np 4 --skew -5ms
expect_bad_input "non-numeric skew" "skew 'fast' is neither a duration" \
    "$PAPSIM" pattern --pattern ascending --np 4 --skew fast
expect_bad_input "unknown skew unit" "skew '5min' has an unknown unit 'min'" \
    "$PAPSIM" pattern --pattern ascending --np 4 --skew 5min
expect_bad_input "np 0" "np '0' must be between 1 and 1048576" \
    "$PAPSIM" pattern --pattern ascending --np 0 --skew 1ms
expect_bad_input "np not a number" "np 'four' is not an integer" \
    "$PAPSIM" pattern --pattern ascending --np four --skew 1ms
expect_bad_input "relative skew" "relative skews are resolved by .papsim run. from no-delay runs" \
    "$PAPSIM" pattern --pattern ascending --np 4 --skew 1.5x
expect_bad_input "own skew" "skew '1.5x-own' is relative" \
    "$PAPSIM" pattern --pattern ascending --np 4 --skew 1.5x-own
expect_bad_input "missing skew" "--skew is required" \
    "$PAPSIM" pattern --pattern ascending --np 4
expect_bad_input "missing np" "--np is required" \
    "$PAPSIM" pattern --pattern ascending --skew 1ms
expect_bad_input "bad seed" "seed '-1' is not a non-negative integer" \
    "$PAPSIM" pattern --pattern random --np 4 --skew 1ms --seed -1
expect_bad_input "unknown option" "unknown option '--colour'" \
    "$PAPSIM" pattern --colour --pattern ascending --np 4 --skew 1ms
expect_bad_input "option without value" "missing value for option '--np' \(see papsim pattern --help\)$" \
    "$PAPSIM" pattern --pattern ascending --np
expect_bad_input "stray argument" "unexpected argument 'extra'" \
    "$PAPSIM" pattern --pattern ascending --np 4 --skew 1ms extra
expect_bad_input "as-recorded on a shape" "--as-recorded applies to file:PATH" \
    "$PAPSIM" pattern --pattern ascending --np 4 --as-recorded
expect_bad_input "file with too few delays" "pattern file 'shape.txt' has 4 delays but np is 5" \
    "$PAPSIM" pattern --pattern file:shape.txt --np 5 --skew 1ms
printf '1us\nsoon\n' >bad.txt
expect_bad_input "bad file line" "bad.txt:2: duration 'soon' is not a number" \
    "$PAPSIM" pattern --pattern file:bad.txt --np 2 --skew 1ms
expect_bad_input "missing file" "pattern file 'nope.txt': cannot read" \
    "$PAPSIM" pattern --pattern file:nope.txt --np 2 --skew 1ms

finish
