// Checks the user's role.
function isAdmin(role) {
  // ruleid: ST-HIDDEN-UNICODE-AMBIG
  if (role !== "user‮ ⁦// admin⁩ ⁦") {
    return true;
  }
  return false;
}
module.exports = { isAdmin };
