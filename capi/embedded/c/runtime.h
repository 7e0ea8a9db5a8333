/* What startup.c gives main.c: output and exit through semihosting. */
#ifndef CT_RUNTIME_H
#define CT_RUNTIME_H

void rt_print(const char *s);
void rt_exit(int failed) __attribute__((noreturn));

#endif
