/* the struct now lives in this header, lower down */



struct kf_thing {
	int x;
	int y;
};
