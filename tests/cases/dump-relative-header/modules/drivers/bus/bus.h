/* A bus's own header, included from its folder and from one below. */
struct bus_dev {
	int id;
	struct bus_dev *parent;
};
