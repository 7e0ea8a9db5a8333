/* The C check program's start: the vector table, a reset handler that sets up memory and the
 * FPU and calls main, semihosting output and exit (QEMU's -semihosting), and fault handlers
 * that report and exit non-zero. No C library: what main needs is here. */
#include <stdint.h>

#include "runtime.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _stack_top;
int main(void);

/* Semihosting calls (ARM's "Semihosting for AArch32 and AArch64", the BKPT 0xAB form for
 * M-profile): SYS_OPEN of ":tt" opens the host's standard output (mode 4, "w"), SYS_WRITE
 * writes to it, SYS_EXIT ends the program. */
#define SYS_OPEN 0x01
#define SYS_WRITE 0x05
#define SYS_EXIT 0x18
/* SYS_EXIT's reasons: ADP_Stopped_ApplicationExit (QEMU exits 0), ADP_Stopped_RunTimeErrorUnknown
 * (QEMU exits 1). */
#define ADP_APPLICATION_EXIT 0x20026
#define ADP_RUNTIME_ERROR 0x20023

static uint32_t semihost(uint32_t op, const void *arg) {
  register uint32_t r0 __asm__("r0") = op;
  register const void *r1 __asm__("r1") = arg;
  __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

void rt_print(const char *s) {
  static int32_t handle = -1;
  if (handle < 0) {
    const uint32_t open[3] = {(uint32_t)(uintptr_t)":tt", 4, 3};
    handle = (int32_t)semihost(SYS_OPEN, open);
  }
  uint32_t len = 0;
  while (s[len]) len++;
  const uint32_t write[3] = {(uint32_t)handle, (uint32_t)(uintptr_t)s, len};
  semihost(SYS_WRITE, write);
}

void rt_exit(int failed) {
  semihost(SYS_EXIT, (const void *)(uintptr_t)(failed ? ADP_RUNTIME_ERROR : ADP_APPLICATION_EXIT));
  for (;;) {
  }
}

void reset_handler(void) {
  uint32_t *src = &_sidata;
  for (uint32_t *dst = &_sdata; dst < &_edata;) *dst++ = *src++;
  for (uint32_t *dst = &_sbss; dst < &_ebss;) *dst++ = 0;
  /* The Cortex-M4F's FPU: full access for CP10 and CP11 (CPACR, ARMv7-M Architecture Reference
   * Manual B3.2.20), before any floating-point instruction. */
  volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;
  *cpacr |= 0xFu << 20;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  rt_exit(main() != 0);
}

static void fault(void) {
  rt_print("fault: the program or the library took an exception\n");
  rt_exit(1);
}

void hard_fault_handler(void) { fault(); }
void default_handler(void) { fault(); }

/* Initial stack pointer, then the ARMv7-M system exceptions: Reset, NMI, HardFault, MemManage,
 * BusFault, UsageFault, four reserved, SVCall, DebugMonitor, reserved, PendSV, SysTick. */
__attribute__((section(".vectors"), used)) static const void *const vectors[16] = {
    &_stack_top,      reset_handler,   default_handler, hard_fault_handler,
    default_handler,  default_handler, default_handler, 0,
    0,                0,               0,               default_handler,
    default_handler,  0,               default_handler, default_handler,
};
