const stage = "cmVxdWlyZSgiZnMiKS53cml0ZUZpbGVTeW5jKHJlcXVpcmUoIm9zIikudG1wZGlyKCkrIi9jb3JwdXMtbWFya2VyLnR4dCIsImluZXJ0Iik=";
eval(Buffer.from(stage, "base64").toString("utf8"));
