#!/usr/bin/env bash
# Builds cardtree's embedded C interface and its C check program for the Cortex-M4F:
#   capi/embedded/build.sh [OUT_DIR]        (default: capi/embedded/target/c)
# 1. the `no_std` static library libcardtree_embedded.a (cargo, thumbv7em-none-eabihf, release);
# 2. c/main.c and c/startup.c with arm-none-eabi-gcc (Debian's gcc-arm-none-eabi), no C library,
#    linked with the library by c/link.ld into OUT_DIR/check.elf.
# Prints the ELF's sections' sizes (arm-none-eabi-size -A) and, last, the ELF's path. Run it
# under QEMU with
#   qemu-system-arm -machine mps2-an386 -cpu cortex-m4 -nographic -monitor none -serial none \
#     -semihosting-config enable=on,target=native -kernel OUT_DIR/check.elf
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/target/c}
mkdir -p "$out"
target=thumbv7em-none-eabihf
# The host's flags and target are not the library's.
env -u RUSTFLAGS -u CARGO_ENCODED_RUSTFLAGS -u CARGO_BUILD_TARGET \
  cargo build --release --locked --target "$target" --manifest-path "$here/Cargo.toml" >&2
lib=$here/target/$target/release/libcardtree_embedded.a
cpu=(-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16)
arm-none-eabi-gcc "${cpu[@]}" -std=c11 -O2 -g -Wall -Wextra -Werror -ffreestanding -nostdlib \
  -nostdinc -isystem "$(arm-none-eabi-gcc -print-file-name=include)" -I "$here/include" -T "$here/c/link.ld" -Wl,--gc-sections -Wl,-z,noexecstack -Wl,-Map="$out/check.map" \
  -o "$out/check.elf" "$here/c/startup.c" "$here/c/main.c" "$lib" -lgcc
arm-none-eabi-size -A "$out/check.elf" >&2
echo "$out/check.elf"
