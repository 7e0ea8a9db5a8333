#!/usr/bin/env bash
# Seed corpora for the fuzz targets, from the test vectors in tests/data/ and the
# repository's own test files: fuzz/corpus/<target>/, one input per file. The corpora are
# built, not committed (.gitignore); libFuzzer adds what it finds to them.
set -euo pipefail
cd "$(dirname "$0")"
shared=../tests/data
[ -d "$shared/bridge" ] || { echo "seed-corpora: $shared/bridge is missing" >&2; exit 1; }

seed() { # seed <target> <name> <content>
  mkdir -p "corpus/$1"
  printf '%s' "$3" > "corpus/$1/$2"
}
zeros8=$'\x01\x02\x03\x04\x05\x06\x07\x08'

# JSON lines: the first 40 of each file, one per input, and the first 5 together.
for f in dd_tables dev_deals endings; do
  head -n 40 "$shared/bridge/$f.jsonl" | split -l 1 - "corpus-tmp-$f-"
  mkdir -p corpus/deal_lines
  for part in corpus-tmp-$f-*; do mv "$part" "corpus/deal_lines/${part#corpus-tmp-}"; done
  head -n 5 "$shared/bridge/$f.jsonl" > "corpus/deal_lines/$f-five"
done

# PBN deals, endings included, and their hands; card lists from Poker Squares hands.
i=0
for f in dd_tables dev_deals endings; do
  while IFS= read -r pbn; do
    i=$((i + 1))
    seed pbn_deal "$f-$i" "$pbn"
    seed card_text "$f-$i" "${pbn#*:}"
  done < <(head -n 20 "$shared/bridge/$f.jsonl" | grep -o '"pbn":"[^"]*"' | cut -d'"' -f4)
done
i=0
while IFS= read -r hand; do
  i=$((i + 1))
  seed card_text "hand-$i" "$hand"
done < <(head -n 40 "$shared/poker-squares/dev_hands.jsonl" | grep -o '"hand":"[^"]*"' | cut -d'"' -f4)

# Poker Squares: 40 bytes of raw point system, then "grid|system".
raw=$(printf '%040d' 0)
i=0
while IFS= read -r grid; do
  i=$((i + 1))
  for system in american british "random:7" "0,1,3,6,12,5,10,16,30,30"; do
    seed pps_text "grid-$i-${system%%[:,]*}" "$raw$grid|$system"
  done
done < <(head -n 10 "$shared/poker-squares/dev_grids.jsonl" | grep -o '"grid":"[^"]*"' | cut -d'"' -f4)
seed pps_text partial "$raw-- -- 6C -- -- AS|american"

# Bridge words: 8 bytes of seed, then the text.
for text in "S: 15-17 hcp, 2-4 S; N: 8-15 hcp" "E: 0-5 hcp; W: 5-5 H" "N: 11-21 hcp, 5-13 S" \
  3NT 4SX 7NTXX 2H NT S None NS EW All Both; do
  seed bridge_text "$(printf '%s' "$text" | tr -c 'A-Za-z0-9' '_')" "$zeros8$text"
done

# libdds: a call byte and four argument bytes, then PBN text (SolveBoardPBN: trump 4, West
# first, mode 1, thread 0; CalcParPBN: vulnerability 0; AnalysePlayPBN: no trump, West, 0 cards).
i=0
while IFS= read -r pbn; do
  i=$((i + 1))
  seed dds_capi "solve-$i" $'\x01\x04\x03\x01\x00'"$pbn"
  seed dds_capi "par-$i" $'\x03\x00\x00\x00\x00'"$pbn"
  seed dds_capi "play-$i" $'\x0b\x04\x03\x00\x00'"$pbn"
done < <(head -n 10 "$shared/bridge/endings.jsonl" | grep -o '"pbn":"[^"]*"' | cut -d'"' -f4)

# PBN files: the repository's test session.
mkdir -p corpus/pbn_file
cp ../tests/data/bridge/session.pbn corpus/pbn_file/session.pbn

# Played-hand records: the hand-written LIN and PBN files with every quirk.
mkdir -p corpus/played_records
cp ../tests/data/bridge/played/quirks.lin ../tests/data/bridge/played/quirks.pbn \
  ../tests/data/bridge/played/viewer.txt corpus/played_records/

count=$(find corpus -type f | wc -l)
echo "seed-corpora: $count inputs in fuzz/corpus/"
