/* SPDX-License-Identifier: GPL-2.0 */
/* The device of the devm_holder test module, for devm_user. */
#ifndef _DEVM_HOLDER_H_
#define _DEVM_HOLDER_H_

struct device;

extern struct device *devm_holder_dev;

#endif /* _DEVM_HOLDER_H_ */
