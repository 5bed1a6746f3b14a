struct kf_thing {
	int x;
	int y;
};
