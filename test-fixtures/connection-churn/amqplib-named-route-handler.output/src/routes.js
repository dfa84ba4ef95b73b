const express = require('express');
const { createOrder } = require('./handlers');

const router = express.Router();
router.post('/orders', createOrder);

module.exports = router;
