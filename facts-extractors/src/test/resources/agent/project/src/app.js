console.log("not an agent file");
