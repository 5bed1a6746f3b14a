/* A header of the bus folder that only a file one folder below includes. */
struct bus_regs {
	unsigned int ctrl;
	unsigned int status;
};
