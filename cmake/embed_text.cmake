# Turns a text file (IN) into a C file (OUT) defining
#   const char papsim_default_platform_xml[]
# Run with: cmake -DIN=... -DOUT=... -P embed_text.cmake
file(READ "${IN}" text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n\"" text "${text}")
file(WRITE "${OUT}" "/* Generated from ${IN} by cmake/embed_text.cmake. Do not edit. */\n"
                    "const char papsim_default_platform_xml[] =\n\"${text}\";\n")
